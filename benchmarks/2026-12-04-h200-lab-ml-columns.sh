# The ML batch family with the vertical step's columns in pairs (WGR_LAB_COLUMN_PAIRS) and
# tiles of 56 or 64 columns (WGR_LAB_COLUMNS; as built 54), 17b1375 plus switches.
# Alternating, three rounds; then register counts.
source scripts/gpu-env.sh; export WGPU_BACKEND=vulkan
plan() { timeout 60 target/lab/wgresize-after plan --no-tune-cache "$@" 2>&1 | grep -v XDG | grep -v "^\[" | grep -v "lab source" | head -1; }
shapes() {
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element f16
    plan --input 32x512x512x4 --size 224x224 --filter bilinear --convention torch --antialias --element u8
    plan --input 32x512x512x3 --layout nchw --size 224x224 --filter bilinear --convention torch --antialias
}
variant() {
    case $1 in
      base) shapes ;;
      pairs) WGR_LAB_COLUMN_PAIRS=1 shapes ;;
      c56) WGR_LAB_COLUMNS=56 shapes ;;
      c56pairs) WGR_LAB_COLUMNS=56 WGR_LAB_COLUMN_PAIRS=1 shapes ;;
      c64pairs) WGR_LAB_COLUMNS=64 WGR_LAB_COLUMN_PAIRS=1 shapes ;;
    esac
}
for round in 1 2 3; do
  for v in base pairs c56 c56pairs c64pairs; do
    echo "== $v, round $round"; variant $v
  done
done
for v in base pairs c56pairs; do
  WGR_DUMP=/tmp/dump-$v variant $v > /dev/null
  echo "== registers, $v"
  target/lab/kstats /tmp/dump-$v/*fused*.wgsl 2>&1 | grep fused | sed 's/Binary Size.*Shared Memory Size/shared/'
done
