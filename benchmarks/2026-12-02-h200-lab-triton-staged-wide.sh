#!/bin/bash
# The staged Triton diagnostic with longer runs of each input row per program (1 to 4 KiB).
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 300 python3 benchmarks/2026-12-02-h200-lab-triton-staged.py wide 2>&1 | tail -40
