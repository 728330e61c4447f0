// The words for rung e's variants (policies.h: Describe), printed by the bench beside each row's
// name: what the row's fields make of the kernel in rung_e_single_pass.cu.
#include <string>

#include "perf/policies.h"

namespace scanviz::perf {

std::string Describe(const SinglePassPolicy& p) {
  const auto num = [](long long v) { return std::to_string(v); };
  std::string s = p.copy_only ? "ablation, a copy through the kernel's loads and stores: "
                              : "single-pass decoupled look-back, ";
  if (p.shared_vectors > 0 && p.register_vectors > 0) {
    s += "hybrid tile: ";
    s += num(p.threads);
    s += " thr x (";
    s += num(4 * p.shared_vectors);
    s += " elem in shared memory via cp.async.bulk + ";
    s += num(4 * p.register_vectors);
    s += " elem in registers)";
  } else {
    s += p.stages == 2 ? "persistent blocks (cooperative launch), two shared-memory tiles each "
                         "via cp.async.bulk (the next one loading during the look-back), "
         : p.shared_vectors > 0 ? "shared-memory tile via cp.async.bulk, "
                                : "register tile, ";
    s += num(p.threads);
    s += " thr x ";
    s += num(4 * (p.shared_vectors + p.register_vectors));
    s += " elem";
  }
  s += " = ";
  s += num(p.Tile());
  s += "-elem tiles (";
  s += num(p.Tile() * 4 / 1024);
  s += " KB)";
  if (!p.copy_only) {
    s += ", A published before the scan, 1 warp looks back over ";
    s += num(32 * p.window);
    s += p.order == TileOrder::kTicket ? " tiles/round trip, ticket order"
                                       : " tiles/round trip, blockIdx order";
  }
  if (p.streaming_stores) s += ", streaming stores";
  s += ", >=";
  s += num(p.min_blocks);
  s += " blocks/SM";
  if (p.backoff_ns > 0) {
    s += ", ";
    s += num(p.backoff_ns);
    s += " ns back-off while waiting";
  }
  if (p.evict_first) s += ", L2 evict-first loads";
  if (p.cluster > 1 && p.copy_only) {
    s += ", launched in clusters of ";
    s += num(p.cluster);
    s += " blocks (no messages)";
  } else if (p.cluster > 1) {
    s += ", clusters of ";
    s += num(p.cluster);
    s += " tiles (aggregates combined through DSMEM, one look-back per cluster";
    s += p.order == TileOrder::kTicket ? ", one ticket per cluster)" : ")";
    if (p.poll_messages) s += ", messages awaited by polling (test_wait)";
  }
  if (p.look_ahead) {
    s += ", a look-ahead warp (";
    s += num(p.Block());
    s += " thr a block) gathers the prefix from the block's start, overlapping the loads";
  }
  if (!p.chain) s += "; ablation: no look-back, each tile scanned on its own";
  return s;
}

}  // namespace scanviz::perf
