#!/bin/sh
# Runs the container image the way a container engine would, without one (this machine cannot
# run containers): unpacks its layers with umoci, then starts its entrypoint with its own
# environment and user, in a network, mount and process namespace of its own, on a read-only root
# with the corpus and manifest mounted read-only at /corpus and /config/corpus.toml. A client in
# the same network namespace then checks initialize, search and fetch over Streamable HTTP on
# the image's default port, and the same over stdio.
#
# Usage: scripts/verify-image.sh [CORPUS_DIR [CORPUS_TOML]]   (default: the bundled handbook)
# Needs root, umoci and python3; run scripts/build-image.sh first.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd -P)
version=$(sed -n 's:^  <version>\(.*\)</version>:\1:p' "$root/pom.xml" | head -n 1)
oci="$root/distribution/target/image/oci"
corpus=$(cd "${1:-$root/distribution/target/corpus-mcp/corpus}" && pwd -P)
manifest=$(cd "$(dirname "${2:-$corpus/corpus.toml}")" && pwd -P)/$(basename "${2:-$corpus/corpus.toml}")
[ -d "$oci" ] || { echo "verify-image: no image at $oci; run scripts/build-image.sh" >&2; exit 1; }

work=$(mktemp -d)
trap 'umount -R "$work/bundle/rootfs" 2>/dev/null || true; rm -rf "$work"' EXIT
umoci unpack --image "$oci:$version" "$work/bundle" >/dev/null
# What the image itself says to run: entrypoint + cmd, user, environment, working directory.
python3 - "$work/bundle/config.json" >"$work/process.env" <<'EOF'
import json, shlex, sys
process = json.load(open(sys.argv[1]))["process"]
print("args=" + shlex.quote(" ".join(shlex.quote(a) for a in process["args"])))
print("user=%d:%d" % (process["user"]["uid"], process["user"]["gid"]))
print("cwd=" + shlex.quote(process.get("cwd", "/")))
print("envs=" + shlex.quote(" ".join(shlex.quote(e) for e in process["env"])))
EOF
. "$work/process.env"
# The registry entry and the image must name the same server (the registry checks this label).
python3 - "$oci" "$version" "$root/server.json" <<'EOF'
import json, sys
layout, version, entry = sys.argv[1:]
index = json.load(open(layout + "/index.json"))
manifest = next(m for m in index["manifests"]
                if m["annotations"]["org.opencontainers.image.ref.name"] == version)
def blob(digest):
    return json.load(open(layout + "/blobs/" + digest.replace(":", "/")))
config = blob(blob(manifest["digest"])["config"]["digest"])
label = config["config"].get("Labels", {}).get("io.modelcontextprotocol.server.name")
name = json.load(open(entry))["name"]
if label != name:
    sys.exit("verify-image: label io.modelcontextprotocol.server.name is %r, server.json says %r" % (label, name))
EOF
echo "verify-image: entrypoint: $args (user $user, in $cwd)" >&2

token=verify-image-token-0123456789abcdef0123
cat >"$work/inside.sh" <<EOF
set -eu
ip link set lo up
rootfs="$work/bundle/rootfs"
# The engine's read-only root, then the mounts a compose file gives it.
mount --bind "\$rootfs" "\$rootfs"
mount -o remount,bind,ro "\$rootfs"
mount --bind "$corpus" "\$rootfs/corpus" && mount -o remount,bind,ro "\$rootfs/corpus"
mount --bind "$manifest" "\$rootfs/config/corpus.toml" 2>/dev/null || {
  echo "verify-image: the image has no /config/corpus.toml mount point" >&2; exit 1; }
mount -o remount,bind,ro "\$rootfs/config/corpus.toml"
mount -t proc proc "\$rootfs/proc"
mount -t tmpfs tmpfs "\$rootfs/tmp"
mount -t tmpfs tmpfs "\$rootfs/dev" && for d in null zero random urandom; do
  touch "\$rootfs/dev/\$d"; mount --bind "/dev/\$d" "\$rootfs/dev/\$d"; done
# exec: the background job's pid is then the server's own (chroot, env and the launcher all exec).
run() { exec chroot --userspec=$user "\$rootfs" /usr/bin/env -i $envs ARCHWIKI_OFFLINE=1 "\$@"; }
# HTTP, as the image starts by default (0.0.0.0:8000 inside); a token, since the bind is not
# loopback.
cd /
run MCP_AUTH_TOKEN=$token $args >"$work/server.log" 2>&1 &
server=\$!
python3 "$root/scripts/image_client.py" http http://127.0.0.1:8000/mcp $token
kill -TERM \$server; wait \$server || true
# stdio: the same entrypoint with "serve".
python3 "$root/scripts/image_client.py" stdio chroot --userspec=$user "\$rootfs" /usr/bin/env -i $envs ARCHWIKI_OFFLINE=1 /opt/corpus-mcp/bin/corpus-mcp serve
EOF
# The file bind needs a mount point file in the image; build-image.sh makes /config a directory.
touch "$work/bundle/rootfs/config/corpus.toml"
if unshare --net --mount --pid --fork --mount-proc sh "$work/inside.sh"; then
  echo "verify-image: OK: the image serves initialize, search and fetch over HTTP and stdio" >&2
else
  echo "verify-image: FAILED; server log:" >&2
  cat "$work/server.log" >&2 || true
  exit 1
fi
