#!/usr/bin/env python3
"""Joins `wgresize bench --json` and `torch_peer.py` output from one run into a Markdown table,
next to the bytes floor (input read once + output written once at the measured copy rate)."""
import json
import sys

COPY_RATE = 4.18e12  # bytes/s, read plus write, measured device-to-device copy on the H200


def main(ours_path, peer_path):
    ours = json.load(open(ours_path))
    peer = json.load(open(peer_path))
    key = lambda r: (r["n"], r["h"], r["w"], r["c"], r["out_h"], r["out_w"])
    torch = {}
    for r in peer["results"]:
        torch[key(r) + (r["layout"], r["mode"])] = r["median_us"]
    shapes = []
    for r in ours["results"]:
        if key(r) not in shapes:
            shapes.append(key(r))
    print(f"{ours['adapter']} ({ours['backend']}, timing: {ours['timing']}); peer: torch "
          f"{peer['torch']} on {peer['device']} (CUDA events)\n")
    print("| shape | floor µs | gather µs | separable µs | auto µs (path) | best / floor | "
          "torch bilinear NCHW µs | torch bilinear channels_last µs | torch / ours | max abs err |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for k in shapes:
        rows = {r["path"]: r for r in ours["results"] if key(r) == k}
        floor = rows["gather"]["bytes"] / COPY_RATE * 1e6
        best = min(rows["gather"]["median_us"], rows["separable"]["median_us"])
        auto = rows["auto"]
        tn = torch.get(k + ("nchw", "bilinear"), float("nan"))
        tc = torch.get(k + ("channels_last", "bilinear"), float("nan"))
        err = max(r["max_abs_error"] for r in rows.values())
        print(f"| {k[0]}x{k[1]}x{k[2]}x{k[3]} -> {k[4]}x{k[5]} | {floor:.1f} | "
              f"{rows['gather']['median_us']:.1f} | {rows['separable']['median_us']:.1f} | "
              f"{auto['median_us']:.1f} ({auto.get('chosen')}) | {best / floor:.2f} | {tn:.1f} | {tc:.1f} | "
              f"{min(tn, tc) / auto['median_us']:.2f} | {err:.1e} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
