// scanviz-cli trace --algorithm compact|split|radix-sort|allocate: an application of the scan
// (core/applications/) on the GPU or the simulator, as a table or JSON, checked, optionally
// written.
#pragma once

#include <string>
#include <vector>

#include "core/applications/applications.h"

namespace scanviz {

struct ApplicationCommandArgs {
  std::string algorithm;  // an application's key
  std::string input;
  int random_n = 0;
  std::string seed = "1";
  std::string type = "int32";
  std::string backend = "auto";
  std::string keep;  // --keep (compact)
  int bit = 0;       // --bit (split)
  int bits = 0;      // --bits (radix sort)
  std::string block_algorithm;
  int block_size = 0;
  std::string output;
  bool input_given = false, random_given = false, output_given = false, json = false;
  bool keep_given = false, bit_given = false, bits_given = false;
  bool block_algorithm_given = false, block_size_given = false;
  // Options given that are for scans, not applications ("--mistake", "--op"): refused.
  std::vector<std::string> scan_only;
};

bool IsApplicationKey(const std::string& algorithm);

// An application's own option given to another algorithm ("--keep is for --algorithm compact"),
// or empty.
std::string MisplacedApplicationOption(const std::string& algorithm, bool keep, bool bit,
                                       bool bits);

// Exit 0 when the trace ran and passed CheckApplication, 1 when it failed (or CUDA did), 2 on a bad
// parameter (one line on stderr naming it, nothing written).
int RunApplicationCommand(const ApplicationCommandArgs& args);

// scanviz-cli check on an application file: CheckApplication's verdict. Exit 0 or 1.
int CheckApplicationFile(const std::string& path, const ApplicationTrace& trace);

}  // namespace scanviz
