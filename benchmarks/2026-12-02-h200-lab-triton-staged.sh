#!/bin/bash
# The staged Triton diagnostic (2026-12-02-h200-lab-triton-staged.py), one command.
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 400 python3 benchmarks/2026-12-02-h200-lab-triton-staged.py 2>&1 | tail -40
