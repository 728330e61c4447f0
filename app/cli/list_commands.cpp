#include "cli/list_commands.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include "backend/backend.h"
#include "cli/usage.h"
#include "core/registry.h"

namespace scanviz::cli {

CLI::App* AddDevicesCommand(CLI::App* app) {
  return app->add_subcommand("devices", "List CUDA devices, or say why there is none");
}

int RunDevicesCommand() {
  const CudaAvailability& cuda = QueryCuda();
  if (!cuda.usable) {
    std::cout << "no usable CUDA device: " << cuda.reason << '\n'
              << "scanviz-cli trace --backend auto uses the CPU simulator instead.\n";
    return kExitFailed;
  }
  std::cout << "CUDA driver " << cuda.driver_version / 1000 << "."
            << cuda.driver_version % 1000 / 10 << ", runtime " << cuda.runtime_version / 1000 << "."
            << cuda.runtime_version % 1000 / 10 << '\n';
  for (const CudaDevice& d : cuda.devices) {
    std::cout << "  [" << d.index << "] " << d.name << "  sm_" << d.compute_major << d.compute_minor
              << ", " << d.multiprocessors << " multiprocessors, "
              << d.global_memory_bytes / (1024 * 1024) << " MiB\n";
  }
  return kExitOk;
}

CLI::App* AddAlgorithmsCommand(CLI::App* app) {
  return app->add_subcommand("algorithms", "List the algorithms (key, name and what it is)");
}

int RunAlgorithmsCommand() {
  for (const AlgorithmInfo* info : Algorithms())
    std::cout << info->key << "  " << info->name << ": " << info->summary << '\n';
  return kExitOk;
}

}  // namespace scanviz::cli
