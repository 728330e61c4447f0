// scanviz-cli serve: the classroom server (docs/classroom.md). Serves the web site and the
// classroom channel; prints the students' and the teacher's addresses and the port, then serves
// until SIGINT or SIGTERM.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace scanviz::cli {

struct ServeArgs {
  int port = 8023;  // 0: any free port
  std::string bind = "0.0.0.0";
  std::string site;  // empty: the built site (build-web/site) or the installed one
  std::string key;   // empty: 128 random bits, hex
};

CLI::App* AddServeCommand(CLI::App* app, ServeArgs* args);

// Exit 0 after a clean stop; 1 when the site or the port cannot be used; 2 for a bad --key.
int RunServeCommand(const ServeArgs& args);

}  // namespace scanviz::cli
