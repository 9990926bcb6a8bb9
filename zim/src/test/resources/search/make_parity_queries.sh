#!/bin/sh
# Derives the archive-specific part of the parity query set with the project's own generator
# (../shared/tools/make_queries.py, deterministic for a given archive and seed).
# Usage: make_parity_queries.sh SHARED_DIR ARCHIVE OUT_DIR NAME
set -e
/usr/bin/python3 "$1/tools/make_queries.py" "$2" --out-dir "$3" --name "$4" --count 160 --suggest-count 160 --seed 42 --sample-articles 400 >&2
