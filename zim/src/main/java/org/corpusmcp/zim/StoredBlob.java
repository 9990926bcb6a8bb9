package org.corpusmcp.zim;

import org.corpusmcp.zim.io.ByteSource;

/**
 * Where an item's content is stored: its cluster's bytes as they lie in the archive (compressed,
 * not decoded) and the blob's number in that cluster. Two items whose clusters' stored bytes are
 * equal and whose blob numbers are equal have the same content, in any two archives; a cluster
 * copied from one archive into another (a copy under a new UUID, a re-packed snapshot that kept it)
 * is recognised by reading it, without decoding it. Unequal stored bytes say nothing: the same
 * content compresses differently beside other blobs.
 *
 * @param cluster the cluster's number in its archive (the same number for every blob in it, so a
 *     caller comparing many items can read each cluster once)
 * @param clusterBytes the cluster as stored, from its info byte to the end of its data; valid while
 *     the archive is open
 * @param blob the blob's number in the cluster
 */
public record StoredBlob(int cluster, ByteSource clusterBytes, int blob) {}
