//! WGSL sources of every kernel variant the library builds, assembled from the files in `wgsl/`.

use crate::spec::ElementType;

const COMMON: &str = include_str!("../../wgsl/common.wgsl");
const SRC_F32: &str = include_str!("../../wgsl/src_f32.wgsl");
const SRC_U8: &str = include_str!("../../wgsl/src_u8.wgsl");
const DST_F32: &str = include_str!("../../wgsl/dst_f32.wgsl");
const DST_U8: &str = include_str!("../../wgsl/dst_u8.wgsl");
const GATHER: &str = include_str!("../../wgsl/gather.wgsl");
const GATHER_VEC4: &str = include_str!("../../wgsl/gather_vec4.wgsl");

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
    GatherVec4,
}

impl KernelVariant {
    /// Every variant, for tests that validate and translate all of them.
    pub const ALL: [KernelVariant; 5] = [
        KernelVariant::Gather {
            src: ElementType::F32,
            dst: ElementType::F32,
        },
        KernelVariant::Gather {
            src: ElementType::U8,
            dst: ElementType::U8,
        },
        KernelVariant::Gather {
            src: ElementType::U8,
            dst: ElementType::F32,
        },
        KernelVariant::Gather {
            src: ElementType::F32,
            dst: ElementType::U8,
        },
        KernelVariant::GatherVec4,
    ];

    /// A label for graphics debuggers and messages.
    pub fn label(&self) -> String {
        match self {
            KernelVariant::Gather { src, dst } => {
                format!("wgpu-resize gather {}->{}", src.name(), dst.name())
            }
            KernelVariant::GatherVec4 => "wgpu-resize gather vec4 f32".into(),
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
            KernelVariant::GatherVec4 => [COMMON, GATHER_VEC4].join("\n"),
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
