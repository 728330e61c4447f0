// Text from a file or a link, as an error message quotes it (issue #38, finding 3). A message goes
// to a terminal, a status bar or a log: a byte a terminal acts on (a newline, ESC starting an OSC
// that sets its title, BEL, a C1 control) must not reach it, and a 10 MB field must not become a
// 10 MB line. Every parser quotes what it read through this one function.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace scanviz {

// `text` in double quotes, each character a terminal would act on or that is not valid UTF-8
// shown as a visible escape (\n, \t, \x1b, \x7f, \u009b, \u2028; \" and \\ for the quote and
// the backslash themselves), cut after `max` characters of the escaped text with "…". The result
// is one printable line of at most `max` + 3 characters.
std::string QuoteForMessage(std::string_view text, std::size_t max = 80);

}  // namespace scanviz
