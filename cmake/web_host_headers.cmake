# The web build's header-only libraries from the host's Debian packages (nlohmann-json3-dev,
# libstb-dev), each staged alone in the build tree: never /usr/include itself on an em++ command
# line, where glibc's headers would shadow emscripten's libc.
set(SCANVIZ_HOST_HEADERS ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${SCANVIZ_HOST_HEADERS})
foreach(dir nlohmann stb)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "ScanViz web: /usr/include/${dir} not found (scripts/setup.sh installs it)")
  endif()
  file(CREATE_LINK /usr/include/${dir} ${SCANVIZ_HOST_HEADERS}/${dir} SYMBOLIC)
endforeach()
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${SCANVIZ_HOST_HEADERS})
