//! WGSL sources of every kernel variant the library builds, assembled from the files in `wgsl/`.

use crate::spec::ElementType;

const COMMON: &str = include_str!("../../wgsl/common.wgsl");
const SRC_F32: &str = include_str!("../../wgsl/src_f32.wgsl");
const SRC_U8: &str = include_str!("../../wgsl/src_u8.wgsl");
const DST_F32: &str = include_str!("../../wgsl/dst_f32.wgsl");
const DST_U8: &str = include_str!("../../wgsl/dst_u8.wgsl");
const GATHER: &str = include_str!("../../wgsl/gather.wgsl");
const GATHER_VEC4: &str = include_str!("../../wgsl/gather_vec4.wgsl");

/// `@workgroup_size` of `gather_vec4.wgsl`: output columns by rows.
pub const VEC4_WORKGROUP: (u32, u32) = (64, 4);

/// Largest tap count baked into a specialised pipeline; wider bands read theirs at run time.
pub const MAX_SPECIALISED_TAPS: u32 = 8;

/// One compiled kernel: the pipeline cache's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelVariant {
    /// Four consecutive output elements per invocation, scalar loads, any layout and channel count.
    Gather {
        /// Element type read.
        src: ElementType,
        /// Element type written.
        dst: ElementType,
    },
    /// One four-channel group per invocation with vector loads: f32, NHWC, channels % 4 == 0.
    GatherVec4 {
        /// Taps along y baked in (0: read at run time).
        taps_y: u32,
        /// Taps along x baked in (0: read at run time).
        taps_x: u32,
    },
}

impl KernelVariant {
    /// The vector gather for a band of `taps_y × taps_x`, specialised when both are small.
    pub fn vec4_for(taps_y: u32, taps_x: u32) -> Self {
        let fixed = |t: u32| if t <= MAX_SPECIALISED_TAPS { t } else { 0 };
        KernelVariant::GatherVec4 {
            taps_y: fixed(taps_y),
            taps_x: fixed(taps_x),
        }
    }

    /// A representative set of the variants the library builds, for tests that validate and
    /// translate them: every element-type pair, and the vector kernel generic and specialised.
    pub fn examples() -> Vec<KernelVariant> {
        let types = [ElementType::F32, ElementType::U8];
        let mut all: Vec<KernelVariant> = types
            .iter()
            .flat_map(|&src| {
                types
                    .iter()
                    .map(move |&dst| KernelVariant::Gather { src, dst })
            })
            .collect();
        for (ty, tx) in [(0, 0), (1, 1), (2, 2), (4, 4), (1, 8), (8, 2), (12, 3)] {
            all.push(Self::vec4_for(ty, tx));
        }
        all
    }

    /// A label for graphics debuggers and messages.
    pub fn label(&self) -> String {
        match self {
            KernelVariant::Gather { src, dst } => {
                format!("wgpu-resize gather {}->{}", src.name(), dst.name())
            }
            KernelVariant::GatherVec4 { taps_y, taps_x } => {
                format!("wgpu-resize gather vec4 f32 taps {taps_y}x{taps_x}")
            }
        }
    }

    /// Values of the shader's pipeline-overridable constants.
    pub fn constants(&self) -> Vec<(&'static str, f64)> {
        match *self {
            KernelVariant::Gather { .. } => Vec::new(),
            KernelVariant::GatherVec4 { taps_y, taps_x } => {
                vec![("TAPS_Y", taps_y as f64), ("TAPS_X", taps_x as f64)]
            }
        }
    }

    /// The complete WGSL source.
    pub fn source(&self) -> String {
        match self {
            KernelVariant::Gather { src, dst } => {
                let src_io = match src {
                    ElementType::F32 => SRC_F32,
                    ElementType::U8 => SRC_U8,
                };
                let dst_io = match dst {
                    ElementType::F32 => DST_F32,
                    ElementType::U8 => DST_U8,
                };
                [COMMON, src_io, dst_io, GATHER].join("\n")
            }
            KernelVariant::GatherVec4 { .. } => [COMMON, GATHER_VEC4].join("\n"),
        }
    }
}

/// Every `.wgsl` file shipped, by name: what the shader tests parse one by one.
pub const FILES: [(&str, &str); 7] = [
    ("common.wgsl", COMMON),
    ("src_f32.wgsl", SRC_F32),
    ("src_u8.wgsl", SRC_U8),
    ("dst_f32.wgsl", DST_F32),
    ("dst_u8.wgsl", DST_U8),
    ("gather.wgsl", GATHER),
    ("gather_vec4.wgsl", GATHER_VEC4),
];
