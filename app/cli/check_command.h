// scanviz-cli check FILE: loads a trace file of any kind (a block's, a grid's, a single pass's,
// an application's), re-runs its self-check and compares it with a sequential scan.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace scanviz::cli {

// The subcommand and its one argument, the file's path, bound to `path`.
CLI::App* AddCheckCommand(CLI::App* app, std::string* path);

// Exit 0 when the file loads and passes its check, 1 when it does not.
int RunCheckCommand(const std::string& path);

}  // namespace scanviz::cli
