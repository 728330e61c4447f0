#include "scene/ticks.h"

#include <cmath>

namespace scanviz::scene {

std::vector<double> NiceTicks(double lo, double hi, int count) {
  std::vector<double> ticks;
  if (!(hi > lo) || count < 1) return {lo};
  const double raw = (hi - lo) / count;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    step = m * mag;
    if (step >= raw) break;
  }
  // From the first multiple of step at or above lo to the first at or above hi, so the last tick
  // bounds the data.
  for (double t = std::ceil(lo / step) * step;; t += step) {
    ticks.push_back(t);
    if (t >= hi - step * 1e-9) break;
  }
  return ticks;
}

}  // namespace scanviz::scene
