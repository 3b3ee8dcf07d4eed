# Sourced by the scripts that run on the GPU machine: unpacks the Vulkan loader packages of .gl/
# (see ../shared/gpu/README.md) where the machine has no loader, and points the loader at the
# NVIDIA driver where there is one. Safe to source more than once.
if [ -d .gl ] && ! ldconfig -p | grep -q libvulkan.so.1; then
    for f in .gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
fi
if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
