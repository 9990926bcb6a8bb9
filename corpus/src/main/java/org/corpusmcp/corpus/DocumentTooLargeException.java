package org.corpusmcp.corpus;

/**
 * An archive entry is larger than {@code MAX_DOCUMENT_BYTES}, so it is neither decompressed nor
 * parsed: one hostile or broken article (a few KB of archive can decompress to hundreds of MB) must
 * not exhaust the heap every other request shares. {@code fetch} answers it as {@code
 * document_too_large}; {@code search} leaves it out and says so in {@code degraded}.
 */
final class DocumentTooLargeException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private DocumentTooLargeException(String message) {
    super(message);
  }

  /** The entry's size is known and above {@code MAX_DOCUMENT_BYTES}. */
  static DocumentTooLargeException entry(String library, String path, long size, long limit) {
    return new DocumentTooLargeException(
        "the document "
            + path
            + " of "
            + library
            + " is "
            + size
            + " bytes, more than the "
            + limit
            + " bytes MAX_DOCUMENT_BYTES allows");
  }

  /** The entry sits in a cluster that decompresses to more than {@code MAX_CLUSTER_BYTES}. */
  static DocumentTooLargeException cluster(String library, String path, long limit) {
    return new DocumentTooLargeException(
        "the document "
            + path
            + " of "
            + library
            + " is stored in"
            + " a cluster larger than the "
            + limit
            + " bytes MAX_CLUSTER_BYTES allows");
  }
}
