package org.corpusmcp.api;

import java.util.List;

/**
 * Reads one resource. An empty list means there is no such resource: the client gets its protocol
 * revision's "resource not found" error naming the URI (a template matches URIs that need not
 * exist). A thrown exception is treated as a bug: the host logs it, and the client gets an internal
 * error without any stack trace.
 */
@FunctionalInterface
public interface ResourceReader {
  List<ResourceContents> read(ResourceRequest request);
}
