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
 * <p>The index slices are libzim's "direct access" (§B.2): non-null only when the database is an
 * item in an uncompressed cluster inside one part, exactly when libzim reports the index present.
 * Any entry's content can be had the same way with {@link org.corpusmcp.zim.Entry#directContent()}
 * or {@link org.corpusmcp.zim.Blob#directSource()}.
 */
@NullMarked
package org.corpusmcp.zim;

import org.jspecify.annotations.NullMarked;
