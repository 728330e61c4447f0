// The rung registry: every rung the bench can run, by name.
#include "perf/perf_internal.cuh"

namespace scanviz::perf {

std::unique_ptr<Rung> MakeRung(const std::string& nm) {
  if (nm.empty()) return nullptr;
  if (nm[0] == 'a' || nm[0] == 'b') return MakeTextbookRung(nm);
  if (nm == "c") return MakePaddedBlellochRung();
  if (nm == "d") return MakeReduceThenScanRung();
  if (nm == "cub") return MakeCubRung();
  if (nm == "thrust") return MakeThrustRung();
  if (nm == "memcpy") return MakeMemcpyRung();
  if (nm == "e" || nm.rfind("e.", 0) == 0) return MakeLookbackRung(nm);
  return nullptr;
}

std::vector<std::string> LadderNames() {
  return {"a", "b", "c", "d", "e", "cub", "thrust", "memcpy"};
}

std::vector<std::string> RungNames() {
  std::vector<std::string> names = {"a",       "a.64",     "a.128",  "a.256",  "a.512",   "a.1024",
                                    "b",       "b.64",     "b.128",  "b.256",  "b.512",   "b.1024",
                                    "b.ws64",  "b.ws128",  "b.ws256", "b.ws512", "b.ws1024", "c",
                                    "d",       "e",        "cub",    "thrust", "memcpy"};
  for (const auto& v : LookbackVariantNames()) names.push_back(v);
  return names;
}

}  // namespace scanviz::perf
