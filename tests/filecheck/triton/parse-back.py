# Not a lit case (lit.cfg's suffixes): parses a .ttgir with Triton's own parser, as Triton 3.9 would.
import sys

from triton._C.libtriton import ir, nvidia

ctx = ir.context()
ir.load_dialects(ctx)
nvidia.load_dialects(ctx)
module = ir.parse_mlir_module(sys.argv[1], ctx)
print("parsed by triton", module.get_entry_func_name())
