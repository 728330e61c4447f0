// scanviz-cli devices and scanviz-cli algorithms: the commands that list what there is.
#pragma once

namespace CLI {
class App;
}

namespace scanviz::cli {

// devices: the CUDA devices, or why there is none (exit 1).
CLI::App* AddDevicesCommand(CLI::App* app);
int RunDevicesCommand();

// algorithms: every algorithm of the registry, its key, name and what it is.
CLI::App* AddAlgorithmsCommand(CLI::App* app);
int RunAlgorithmsCommand();

}  // namespace scanviz::cli
