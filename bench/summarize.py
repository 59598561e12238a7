#!/usr/bin/env python3
"""Prints hyperfine's JSON export as a table of medians, relative to a baseline."""
import json
import statistics
import sys

path, baseline = sys.argv[1], sys.argv[2]
results = json.load(open(path))["results"]
medians = {r["command"]: statistics.median(r["times"]) for r in results}
base = medians[baseline]
print(f"| command | median | × {baseline} |")
print("|:---|---:|---:|")
for name, median in medians.items():
    print(f"| {name} | {median * 1000:.1f} ms | {median / base:.2f} |")
