"""The lowering passes: pipeline expansion (`pipeline-expand`) and warp specialization (`warp-specialize`)."""
