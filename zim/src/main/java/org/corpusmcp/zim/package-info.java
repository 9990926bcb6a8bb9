/**
 * Reading ZIM archives, the format Kiwix uses for offline Wikipedia and friends, in pure Java.
 *
 * <p>Start at {@link org.corpusmcp.zim.Zim#open(java.nio.file.Path)}. The public face is {@link
 * org.corpusmcp.zim.Zim}, {@link org.corpusmcp.zim.Archive}, {@link org.corpusmcp.zim.Entry},
 * {@link org.corpusmcp.zim.Blob}, {@link org.corpusmcp.zim.ZimOptions} and the exception types
 * ({@link org.corpusmcp.zim.ZimFormatException} with its {@link org.corpusmcp.zim.ZimFault});
 * {@code org.corpusmcp.zim.format} is internal and may change without notice.
 *
 * <pre>{@code
 * try (Archive zim = Zim.open(Path.of("wikipedia_en_all_maxi.zim"))) {   // split: foo.zimaa or foo.zim
 *   Entry e = zim.findByPath("Ray_Charles");       // libzim path rules; null when absent
 *   Blob html = e.content();                        // redirects followed; size() known up front
 *   String title = zim.metadata("Title");           // M/Title, or null
 *   List<String> languages = zim.languages();       // M/Language split on commas, e.g. [eng]
 *   ByteSource fulltext = zim.fulltextIndex();      // X/fulltext/xapian as an archive slice, or null
 *   ByteSource titles = zim.titleIndex();           // X/title/xapian, or null
 * }
 * }</pre>
 *
 * <p>The index slices are libzim's "direct access": non-null only when the database is an item in
 * an uncompressed cluster inside one part, exactly when libzim reports the index present. Any
 * entry's content can be had the same way with {@link org.corpusmcp.zim.Entry#directContent()} or
 * {@link org.corpusmcp.zim.Blob#directSource()}.
 *
 * <p><b>Open versus read: the rule for damaged archives.</b> {@link org.corpusmcp.zim.Zim#open}
 * refuses exactly what libzim refuses at open: a bad header (size, magic, version, counts,
 * positions, checksum position), a path or cluster pointer table outside the file, an unreadable
 * MIME list, a first or last dirent pointer out of range, dirents out of order among the ones
 * checked at open, a last cluster starting past the end, no usable title listing (and a v0 list
 * outside the file when it is the one in use), a damaged v1 listing cluster. Everything libzim only
 * meets when it reads a structure stays out of the way until it is read: a damaged cluster pointer
 * or cluster, a dirent with a bad MIME code, a damaged title listing. Reading it raises {@link
 * org.corpusmcp.zim.ZimFormatException} naming the fault; the rest of the archive reads as usual;
 * {@link org.corpusmcp.zim.Archive#findFaults()} reports every such fault with its offset. Title
 * lookups that meet a damaged listing continue on the other listing, or on the title order rebuilt
 * from the path index, rather than answer "no such title". Equal neighbouring paths are not damage
 * (old writers made them): both entries are listed, and a path lookup finds the first, as libzim's
 * does.
 */
@NullMarked
package org.corpusmcp.zim;

import org.jspecify.annotations.NullMarked;
