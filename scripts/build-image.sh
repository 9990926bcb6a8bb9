#!/bin/sh
# Builds the corpus-mcp container image without a container engine: a Debian bookworm root
# file system (mmdebstrap), a Java runtime cut to the modules corpus-mcp uses (jlink) and the
# assembled distribution, as three layers of an OCI image (umoci). Writes
#   distribution/target/image/oci/                   the OCI image layout, tag corpus-mcp:<version>
#   distribution/target/corpus-mcp-<version>-oci.tar  the same as one file: `docker load -i` or
#                                                     `podman load -i` takes it
# Needs root (mmdebstrap and umoci write files owned by other users) and Debian's mmdebstrap and
# umoci; run `mvn -DskipTests package` first. DEBIAN_MIRROR picks the mirror.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd -P)
dist="$root/distribution/target/corpus-mcp"
out="$root/distribution/target/image"
version=$(sed -n 's:^  <version>\(.*\)</version>:\1:p' "$root/pom.xml" | head -n 1)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# Fixed user and group ids: a read-only corpus volume only needs to be readable by "other".
uid=10001

[ -x "$dist/bin/corpus-mcp" ] || { echo "build-image: no distribution; run 'mvn -DskipTests package'" >&2; exit 1; }
for tool in mmdebstrap umoci jlink jdeps; do
  command -v "$tool" >/dev/null || { echo "build-image: '$tool' is missing (apt-get install mmdebstrap umoci)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "build-image: run as root (mmdebstrap, umoci)" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
say() { echo "build-image: $*" >&2; }

# 1. The base: Debian's essential packages (libc, zlib, a shell for the launcher) and the C++
#    runtime that the JVM links against, without documentation, manuals and translations,
#    which nothing in a server container reads.
say "Debian bookworm root file system from $mirror"
mmdebstrap --quiet --variant=essential --include=libstdc++6 \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
  bookworm "$out/rootfs" "$mirror"
echo "corpus:x:$uid:$uid:corpus-mcp:/nonexistent:/usr/sbin/nologin" >>"$out/rootfs/etc/passwd"
echo "corpus:x:$uid:" >>"$out/rootfs/etc/group"
# Mount points for the read-only corpus and manifest.
mkdir -p "$out/rootfs/corpus" "$out/rootfs/config"

# 2. The runtime: the modules the jars use, as jdeps finds them, plus the ones reached only by
#    reflection or service loading (jdk.crypto.ec for TLS to a wiki, jdk.zipfs for PF4J's jars,
#    jdk.management for JFR-free diagnostics).
modules=$(jdeps --ignore-missing-deps --multi-release 17 --print-module-deps \
  --class-path "$dist/lib/*" "$dist"/lib/*.jar "$dist"/plugins/*.jar 2>/dev/null || true)
modules="${modules:-java.base,java.logging,java.management,java.naming,java.net.http,java.sql,java.xml}"
modules="$modules,jdk.crypto.ec,jdk.zipfs,jdk.unsupported,jdk.localedata"
say "jlink runtime with $modules"
jlink --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=2 \
  --include-locales=en --output "$out/java"
# The runtime's own class-data-sharing archive for its modules (the launcher adds the app's).
"$out/java/bin/java" -Xshare:dump -version >/dev/null 2>&1 || true

# 3. The distribution, without a class-sharing archive left by a local run (the launcher never
#    writes one into the read-only image; the runtime's covers the JDK's classes).
mkdir -p "$out/app"
cp -a "$dist/." "$out/app/"
rm -f "$out/app/lib/corpus-mcp.jsa" "$out/app/.built"

say "OCI image corpus-mcp:$version"
oci="$out/oci"
umoci init --layout "$oci"
umoci new --image "$oci:$version"
umoci insert --image "$oci:$version" --history.comment "Debian bookworm (essential)" "$out/rootfs" /
umoci insert --image "$oci:$version" --history.comment "Java runtime (jlink)" "$out/java" /opt/java
umoci insert --image "$oci:$version" --history.comment "corpus-mcp $version" "$out/app" /opt/corpus-mcp
# The MCP registry proves that an image belongs to the server.json entry by this label.
server_name=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$root/server.json")
umoci config --image "$oci:$version" \
  --config.label "io.modelcontextprotocol.server.name=$server_name" \
  --config.user "$uid:$uid" --config.workingdir / \
  --config.env PATH=/opt/java/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --config.env JAVA_HOME=/opt/java \
  --config.env CORPUS_ROOT=/corpus \
  --config.env CORPUS_CONFIG=/config/corpus.toml \
  --config.env MCP_HOST=0.0.0.0 \
  --config.env MCP_PORT=8000 \
  --config.entrypoint /opt/corpus-mcp/bin/corpus-mcp \
  --config.cmd serve --config.cmd --http \
  --config.exposedports 8000/tcp \
  --config.volume /corpus --config.volume /config \
  --config.label "org.opencontainers.image.title=corpus-mcp" \
  --config.label "org.opencontainers.image.version=$version" \
  --config.label "org.opencontainers.image.description=MCP server for offline ZIM corpora and the Arch wiki"
umoci tag --image "$oci:$version" latest
umoci gc --layout "$oci"
# Docker names a loaded OCI archive's images from this annotation (podman reads umoci's own
# org.opencontainers.image.ref.name): corpus-mcp:<version> and corpus-mcp:latest.
python3 - "$oci/index.json" <<'EOF'
import json, sys
path = sys.argv[1]
index = json.load(open(path))
for manifest in index["manifests"]:
    annotations = manifest.setdefault("annotations", {})
    ref = annotations["org.opencontainers.image.ref.name"]
    annotations["io.containerd.image.name"] = "docker.io/library/corpus-mcp:" + ref
json.dump(index, open(path, "w"), indent=1)
EOF
tar -C "$oci" -cf "$root/distribution/target/corpus-mcp-$version-oci.tar" .
rm -rf "$out/rootfs" "$out/java" "$out/app"
say "wrote $root/distribution/target/corpus-mcp-$version-oci.tar ($(du -h "$root/distribution/target/corpus-mcp-$version-oci.tar" | cut -f1))"
