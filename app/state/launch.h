// Work the desktop app runs on a worker thread (a CUDA run, a large grid's check, the work and
// depth series): Launch(f) returns a future of f(). On the web (no SharedArrayBuffer, so no
// threads: std::async would spin forever) f runs inline and the future is ready at once; the
// callers already treat a ready future as "done" (Ready in app_state.cpp, grid_model.cpp).
#pragma once

#include <future>
#include <type_traits>
#include <utility>

namespace scanviz {

// Whether Launch runs its work on another thread.
#ifdef __EMSCRIPTEN__
inline constexpr bool kLaunchThreads = false;
#else
inline constexpr bool kLaunchThreads = true;
#endif

template <class F>
std::future<std::invoke_result_t<std::decay_t<F>>> Launch(F&& f) {
  if constexpr (kLaunchThreads) {
    return std::async(std::launch::async, std::forward<F>(f));
  } else {
    std::packaged_task<std::invoke_result_t<std::decay_t<F>>()> task(std::forward<F>(f));
    auto result = task.get_future();
    task();
    return result;
  }
}

}  // namespace scanviz
