#!/bin/sh
# Builds the 5,000-article parity archive with the real libzim writer (python3-libzim), through the
# project's generator ../shared/tools/make_bench_zim.py (one worker: reproducible docids).
# Usage: make_parity_zim.sh SHARED_DIR OUT.zim          (about 45 s)
# Text comes from Debian documentation packages; the three small ones are installed when missing
# (as root, or through sudo), never openjdk-17-doc (it would upgrade the JDK).
set -e
out_dir=$(dirname "$2")
if [ ! -d /usr/share/doc/python3.11/html ] && [ ! -d /usr/share/doc/postgresql-doc-15/html ]; then
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO="sudo -n"
  $SUDO apt-get install -y --no-install-recommends python3.11-doc postgresql-doc-15 cppreference-doc-en-html >&2 \
    || { $SUDO apt-get update >&2 && $SUDO apt-get install -y --no-install-recommends python3.11-doc \
         postgresql-doc-15 cppreference-doc-en-html >&2; }
fi
/usr/bin/python3 "$1/tools/make_bench_zim.py" --preset wiki --articles 5000 --workers 1 --no-install \
  --out-dir "$out_dir" --out "$2" >&2
