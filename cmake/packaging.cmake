# `cmake --build build --target package` (or `cpack -G DEB` in the build dir): a .deb of what
# `cmake --install` installs, for Debian 12 and its derivatives. scripts/package_test.sh checks it.
#
# Depends: dpkg-shlibdeps reads the shared libraries the programs link (libglfw3, libstb0,
# libstdc++6, ..., and whatever a later change links) and declares their packages; what the app
# opens at run time without linking it (the fonts, libGL through GLFW) is named here. CUDA: the build links the CUDA runtime statically
# (CMAKE_CUDA_RUNTIME_LIBRARY Static), and cudart opens the NVIDIA driver (libcuda.so.1) at run
# time, so a package built with the kernels needs no CUDA package; where no driver or device
# answers, the app and CLI say why and use the CPU simulator. The description says which kind of
# build it is.

install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/scanviz)

set(SCANVIZ_MAINTAINER "ScanViz team <scanviz@invalid>"
    CACHE STRING "The .deb's Maintainer field: Name <address>")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME scanviz)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${SCANVIZ_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY scanviz)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

if(SCANVIZ_HAVE_CUDA)
  set(scanviz_backends "Built with the CUDA kernels (the CUDA runtime linked in statically): they
run where an NVIDIA driver and device answer; elsewhere the CPU simulator runs.")
else()
  set(scanviz_backends "Built without CUDA: the CPU simulator runs the scans (a build from source
with the CUDA toolkit adds the GPU kernels).")
endif()
# The first line is CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack indents these lines and marks the
# empty one with " .".
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "ScanViz shows how a GPU computes a prefix sum: Hillis-Steele, Blelloch and
the warp-shuffle scan, traced round by round, in a desktop app (scanviz)
and a command-line tool (scanviz-cli).

${scanviz_backends}")
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # scanviz_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# GLFW opens libGL.so.1 at run time (the programs do not link it), the fonts are opened by path.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, libgl1")

include(CPack)
