# On the GPU machine's Python (PyTorch 2.11, OpenCV, ONNX Runtime on its CPU): the conformance
# cases of the libraries' own halvings (PyTorch's RGB, OpenCV's INTER_LINEAR and
# INTER_LINEAR_EXACT RGBA and RGB, ONNX Runtime's NHWC integers RGBA and RGB), written by the
# scripts into this tree's copy and returned whole under $OUT for a byte comparison with the
# committed cases before them.
cd scripts
python3 -c "import torch, cv2, onnxruntime, onnx; print(torch.__version__, cv2.__version__, onnxruntime.__version__, onnx.__version__)"
python3 torch_u8_cases.py ../tests/data/torch-u8 2>&1 | tail -3
python3 opencv_u8_cases.py 2>&1 | tail -2
python3 onnx_linear_u8_cases.py 2>&1 | tail -2
cd ..
tar czf $OUT/data.tgz tests/data/torch-u8 tests/data/opencv-u8 tests/data/onnx-linear-u8 tests/data/images
