#!/usr/bin/env python3
"""Joins `wgresize bench --json` and `torch_peer.py` output from one run into a Markdown table,
next to the bytes floor (input read once + output written once at the measured copy rate).
The peer column is PyTorch's mode that matches the shape's filter (bilinear for bilinear,
antialiased bicubic for antialiased bicubic and for lanczos, which PyTorch lacks). The last three
columns, where both sides have them, time each call in a stream of different frames: wgresize's
`auto` resizes ten to a compute pass on buffer pairs taken in turn, PyTorch's calls ten to a CUDA
graph on inputs of their own, each over ten. Normalised shapes (`imagenet`) are joined with the
peer's normalised calls (`F.interpolate`, then torchvision's `Normalize` arithmetic)."""
import json
import sys

COPY_RATE = 4.18e12  # bytes/s, read plus write, measured device-to-device copy on the H200
PEER_MODE = {"nearest": "nearest", "bilinear": "bilinear", "bilinear_antialias": "bilinear_antialias",
             "bicubic_antialias": "bicubic_antialias", "lanczos3_antialias": "bicubic_antialias",
             "bicubic": "bicubic", "letterbox": "letterbox"}


def us(value):
    """A time to one decimal, or "-" where there is none (a path that cannot run the shape, a
    peer without the element type)."""
    return "-" if value is None or value != value else f"{value:.1f}"


def main(ours_path, peer_path):
    ours = json.load(open(ours_path))
    peer = json.load(open(peer_path))
    dims = lambda r: (r["n"], r["h"], r["w"], r["c"], r["out_h"], r["out_w"])
    # Older peer files have no dtype: they timed float32 only.
    key = lambda r: dims(r) + (r["layout"], r["mode"], r.get("dtype", "float32"),
                               r.get("normalized", False))
    torch = {key(r): r["median_us"] for r in peer["results"]}
    # Older peer files have no in_one_graph_us.
    torch_many = {key(r): r["in_one_graph_us"] for r in peer["results"] if "in_one_graph_us" in r}
    torch_dtype = {"f32": "float32", "f16": "float16"}
    cases = []
    # Runs from before the layout field benched NHWC only.
    layout = lambda r: r.get("layout", "nhwc")
    # Runs from before normalised shapes have no normalized field.
    case = lambda r: dims(r) + (r["filter"], r["element"], layout(r), r.get("normalized", False))
    for r in ours["results"]:
        k = case(r)
        if k not in cases:
            cases.append(k)
    print(f"{ours['adapter']} ({ours['backend']}, timing: {ours['timing']}); peer: torch "
          f"{peer['torch']} on {peer['device']} (CUDA events)\n")
    print("| shape | filter | type | floor µs | gather µs | separable µs | fused µs | auto µs (path) | auto / floor | "
          "torch mode | torch NCHW µs | torch channels_last µs | torch / auto | max abs err | "
          "auto in one pass µs | torch in one graph µs | torch / auto, both in one |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for k in cases:
        rows = {r["path"]: r for r in ours["results"] if case(r) == k}
        floor = rows["gather"]["bytes"] / COPY_RATE * 1e6
        auto = rows["auto"]
        mode = PEER_MODE.get(k[6]) if k[7] in torch_dtype else None
        dtype = torch_dtype.get(k[7])
        normalized = k[9]
        tn = torch.get(k[:6] + ("nchw", mode, dtype, normalized))
        tc = torch.get(k[:6] + ("channels_last", mode, dtype, normalized))
        peers = [t for t in (tn, tc) if t is not None]
        speedup = f"{min(peers) / auto['median_us']:.2f}" if peers else "-"
        err = max(r["max_abs_error"] for r in rows.values())
        # A floor under 0.1 µs (the one-output row) makes the ratio meaningless.
        ratio = f"{auto['median_us'] / floor:.2f}" if floor >= 0.1 else "-"
        shape = (f"{k[0]}x{k[3]}x{k[1]}x{k[2]} NCHW" if k[8] == "nchw"
                 else f"{k[0]}x{k[1]}x{k[2]}x{k[3]}")
        # Specs only the gather path takes (OpenCV's 8-bit fixed point) have no other rows.
        separable = rows["separable"]["median_us"] if "separable" in rows else None
        fused = rows["fused"]["median_us"] if "fused" in rows else None
        # The fused tile's output columns (tuning's choice), where the run reports them.
        columns = rows["fused"].get("fused_columns") if "fused" in rows else None
        fused_cell = us(fused) + (f" ({columns} cols)" if fused is not None and columns else "")
        one_pass = auto.get("in_one_pass_us")
        many = [t for t in (torch_many.get(k[:6] + (f, mode, dtype, normalized))
                            for f in ("nchw", "channels_last"))
                if t is not None]
        many_ratio = f"{min(many) / one_pass:.2f}" if many and one_pass else "-"
        shape += " imagenet" if normalized else ""
        print(f"| {shape} -> {k[4]}x{k[5]} | {k[6]} | {k[7]} | {floor:.1f} | "
              f"{us(rows['gather']['median_us'])} | {us(separable)} | "
              f"{fused_cell} | {auto['median_us']:.1f} ({auto.get('chosen')}) | {ratio} | "
              f"{mode or '-'} | {us(tn)} | {us(tc)} | {speedup} | {err:.1e} | "
              f"{us(one_pass)} | {us(min(many) if many else None)} | {many_ratio} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
