package org.corpusmcp.zim;

/**
 * What is wrong with an archive, one constant per structural rule of the ZIM format and libzim's
 * integrity checks. Carried by every {@link ZimFormatException}, so callers and tests can tell
 * faults apart without parsing messages.
 */
public enum ZimFault {
  /** The archive is shorter than the 80-byte header. */
  TOO_SMALL("zim-file is too small to contain a header"),
  /** The first four bytes are not {@code ZIM\x04}. */
  BAD_MAGIC("invalid magic number"),
  /** Major version other than 5 or 6. */
  UNSUPPORTED_VERSION("unsupported version"),
  /** Entry and cluster counts contradict each other (clusters without entries, or more). */
  BAD_COUNTS("inconsistent entry and cluster counts"),
  /** {@code mimeListPos} is neither 80 nor 72. */
  MIME_LIST_POSITION("mimelistPos must be 80"),
  /** The MIME-type list is not terminated before the first structure that follows it. */
  MIME_LIST("error getting mimelists"),
  /** The path pointer list lies (partly) outside the archive. */
  PATH_POINTER_LIST("dirent pointer table outside (or not fully inside) ZIM file"),
  /** The v0 title pointer list lies (partly) outside the archive. */
  TITLE_POINTER_LIST("title pointer table outside (or not fully inside) ZIM file"),
  /** The cluster pointer list lies (partly) outside the archive. */
  CLUSTER_POINTER_LIST("cluster pointer table outside (or not fully inside) ZIM file"),
  /** {@code checksumPos} is not the archive size minus 16. */
  CHECKSUM_POSITION("checksum position is not valid"),
  /** A dirent pointer leaves {@code [80, checksumPos − 11]} (libzim's DIRENT_PTRS check). */
  DIRENT_POINTER("invalid dirent pointer"),
  /** A dirent is cut short or its strings are not terminated. */
  DIRENT("invalid dirent"),
  /**
   * A dirent sorts before its predecessor by namespace and path; equal ones are allowed, as in
   * libzim.
   */
  DIRENT_ORDER("dirent table is not properly sorted"),
  /** A title list entry is not a valid entry index (TITLE_INDEX). */
  TITLE_INDEX("invalid title index entry"),
  /** Title list entries are not ordered by namespace and title (TITLE_INDEX). */
  TITLE_ORDER("title index is not properly sorted"),
  /** Neither a v0 title list nor an uncompressed {@code X/listing/titleOrdered/v1}. */
  MISSING_TITLE_LISTING("no title listing"),
  /** A cluster pointer leaves {@code [80, checksumPos − 1]} (CLUSTER_PTRS). */
  CLUSTER_POINTER("invalid cluster pointer"),
  /** A dirent names a cluster beyond the cluster count. */
  CLUSTER_INDEX("cluster index out of range"),
  /** The compression code of a cluster is not one libzim reads. */
  COMPRESSION("unsupported cluster compression"),
  /** A compressed cluster does not decompress. */
  DECOMPRESSION("cluster does not decompress"),
  /** A cluster is larger than the reader's configured limit. */
  CLUSTER_TOO_LARGE("cluster larger than the configured limit"),
  /** A cluster's blob offset table is malformed or not ordered. */
  CLUSTER_OFFSETS("offsets are not ordered"),
  /** A dirent names a blob beyond its cluster's blob count. */
  BLOB_INDEX("blob index out of range"),
  /** A dirent's MIME code is beyond the MIME list (DIRENT_MIMETYPES). */
  MIME_TYPE_CODE("unknown mime type code"),
  /** A redirect names an entry index beyond the entry count. */
  REDIRECT_INDEX("redirect index out of range"),
  /** A redirect chain loops or exceeds the hop limit. */
  REDIRECT_LOOP("redirect loop"),
  /** The archive has no checksum, or the stored MD5 differs from the computed one. */
  CHECKSUM("checksum doesn't match"),
  /** A structure runs past the end of the archive. */
  TRUNCATED("structure runs past the end of the archive");

  private final String description;

  ZimFault(String description) {
    this.description = description;
  }

  /** A short lowercase phrase, close to libzim's own message for the same fault. */
  public String description() {
    return description;
  }
}
