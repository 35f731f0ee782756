// ---------------------------------------------------------------------------
// CTA pairs on sm_100a (`twill.cluster`'s cta_group = 2): the two CTAs of a
// 2 x 1 cluster compute one 256-row tile with tcgen05.mma.cta_group::2. Every
// tcgen05 instruction of such a kernel names cta_group::2 (the PTX ISA asks
// all of a kernel's to agree): the allocation and its release are made by
// one warp of each CTA together, the MMA and its commits by one thread of
// the pair (the leader, rank 0), which reads both CTAs' shared memory at the
// same offsets and writes both CTAs' tensor memory at the same address.
// ---------------------------------------------------------------------------
TW_DEV void tw_tmem_alloc_pair(uint32_t* dst, uint32_t cols) {  // one warp in each CTA of the pair
#if TW_SM100A
  asm volatile("tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%0], %1;\n"
               :: "r"(tw_smem_u32(dst)), "r"(cols) : "memory");
  asm volatile("tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;\n" ::: "memory");
#endif
}
TW_DEV void tw_tmem_dealloc_pair(uint32_t taddr, uint32_t cols) {  // the allocating warps, both CTAs
#if TW_SM100A
  asm volatile("tcgen05.dealloc.cta_group::2.sync.aligned.b32 %0, %1;\n" :: "r"(taddr), "r"(cols) : "memory");
#endif
}
// The pair's MMAs issued so far by this thread arrive, once complete, on the
// mbarrier at `bar`'s offset in each CTA of `cta_mask` (0x3: both).
TW_DEV void tw_umma_commit_pair(uint64_t* bar, uint16_t cta_mask) {
#if TW_SM100A
  asm volatile(
      "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%0], %1;\n"
      :: "r"(tw_smem_u32(bar)), "h"(cta_mask) : "memory");
#endif
}
// The shared::cluster address of the mbarrier at `bar`'s offset in CTA `cta`.
TW_DEV uint32_t tw_mapa(const void* p, uint32_t cta) {
  uint32_t r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;\n" : "=r"(r) : "r"(tw_smem_u32(p)), "r"(cta));
  return r;
}
// A TMA load into this CTA's shared memory whose bytes complete on the
// leader's mbarrier (`bar_cluster`, a shared::cluster address from tw_mapa):
// the .cta_group::2 form lets the mbarrier be in the peer CTA.
TW_DEV void tw_tma_load_2d_pair(void* smem_dst, const CUtensorMap* desc, uint32_t bar_cluster, int32_t c0,
                                int32_t c1) {
#if TW_SM100A
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2"
      " [%0], [%1, {%3, %4}], [%2];\n"
      :: "r"(tw_smem_u32(smem_dst)), "l"(reinterpret_cast<uint64_t>(desc)), "r"(bar_cluster), "r"(c0), "r"(c1)
      : "memory");
#endif
}
// An arrive on the leader's mbarrier (`bar_cluster`) from either CTA.
TW_DEV void tw_mbar_arrive_cluster(uint32_t bar_cluster) {
  asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];\n" :: "r"(bar_cluster) : "memory");
}
