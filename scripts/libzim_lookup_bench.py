#!/usr/bin/python3
"""libzim's side of ZimReaderBench's path_lookup row: look up each sampled path, no content read.

    libzim_lookup_bench.py ARCHIVE PATHS_FILE --append-to NAME.libzim.json

Opens a fresh libzim Archive (empty dirent cache), times archive.get_entry_by_path(p) for every
path in PATHS_FILE (the sample libzim_bench.py dumped, which the Java harness reads too), and
appends one measurement (path_lookup / warm) to the libzim_bench JSON so that
`libzim_bench.py compare` prints it beside the Java row. Python's call overhead (about 1 us) is
included, as it is in every libzim_bench row.
"""
import argparse
import json
import time

import libzim.reader


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("archive")
    ap.add_argument("paths")
    ap.add_argument("--append-to", required=True)
    args = ap.parse_args()
    with open(args.paths, encoding="utf-8") as fh:
        paths = [line.rstrip("\n") for line in fh if line.strip()]
    archive = libzim.reader.Archive(args.archive)
    lat = []
    start = time.perf_counter_ns()
    for p in paths:
        s = time.perf_counter_ns()
        archive.get_entry_by_path(p)
        lat.append(time.perf_counter_ns() - s)
    total = time.perf_counter_ns() - start
    lat.sort()
    with open(args.append_to, encoding="utf-8") as fh:
        doc = json.load(fh)
    m0 = doc["measurements"][0]
    doc["measurements"] = [m for m in doc["measurements"] if m["measurement"] != "path_lookup"]
    doc["measurements"].append(dict(
        measurement="path_lookup", variant="warm", impl=m0["impl"], impl_version=m0["impl_version"],
        count=len(lat), p50_us=round(lat[len(lat) // 2] / 1e3, 2),
        p99_us=round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] / 1e3, 2),
        mean_us=round(sum(lat) / len(lat) / 1e3, 2), ops_per_s=round(len(lat) / (total / 1e9), 1),
        note="fresh Archive, get_entry_by_path only"))
    with open(args.append_to, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
