// ---------------------------------------------------------------------------
// 2 x 1 thread-block clusters (the `cluster` pass): the CTA's rank in its
// cluster, the cluster-wide barrier, a TMA load multicast into the CTAs of
// `cta_mask` (each completes the bytes on its own mbarrier at the same
// offset), and an mbarrier arrive on the barrier at the same offset in CTA
// `cta` of the cluster (mapa: the peer's shared::cluster address).
TW_DEV uint32_t tw_cluster_ctarank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
  return r;
}
TW_DEV void tw_cluster_sync() {
  asm volatile("barrier.cluster.arrive.release;\n"
               "barrier.cluster.wait.acquire;\n" ::: "memory");
}
TW_DEV void tw_tma_load_2d_multicast(void* smem_dst, const CUtensorMap* desc, uint64_t* bar,
                                     int32_t c0, int32_t c1, uint16_t cta_mask) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
      " [%0], [%1, {%3, %4}], [%2], %5;\n"
      :: "r"(tw_smem_u32(smem_dst)), "l"(reinterpret_cast<uint64_t>(desc)),
         "r"(tw_smem_u32(bar)), "r"(c0), "r"(c1), "h"(cta_mask)
      : "memory");
}
TW_DEV void tw_mbar_arrive_remote(uint64_t* bar, uint32_t cta) {
  asm volatile(
      "{\n"
      ".reg .b32 remote;\n"
      "mapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [remote];\n"
      "}\n"
      :: "r"(tw_smem_u32(bar)), "r"(cta) : "memory");
}
// Release a ring slot in both CTAs of the cluster (their producers both
// write it, each multicasting half of the shared operand into both): even
// threads arrive on CTA 0's barrier, odd ones on CTA 1's, so each barrier
// still counts 128 arrivals per consumer warp group (64 from each CTA), and
// every thread arrives once (no divergent arrive).
TW_DEV void tw_mbar_arrive_cluster2(uint64_t* bar) {
  tw_mbar_arrive_remote(bar, threadIdx.x & 1);
}
