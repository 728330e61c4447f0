# The web page: the app's sources (SCANVIZ_UI_SOURCES) with platform_web.cpp, Dear ImGui 1.86
# compiled from Debian's source package (SCANVIZ_IMGUI_SRC, fetched by scripts/web.sh), and
# emscripten's own GLFW and WebGL 2. Output: index.js, index.wasm and index.data (the fonts and
# the data dir), which scripts/web.sh copies into the site beside app/web/index.html.
set(SCANVIZ_IMGUI_SRC "" CACHE PATH "Dear ImGui 1.86's source (Debian's imgui source package)")
if(NOT EXISTS "${SCANVIZ_IMGUI_SRC}/imgui.h")
  message(FATAL_ERROR "ScanViz web: set SCANVIZ_IMGUI_SRC to Dear ImGui's source (scripts/web.sh)")
endif()
set(im ${SCANVIZ_IMGUI_SRC})
add_library(scanviz_imgui_web STATIC ${im}/imgui.cpp ${im}/imgui_draw.cpp ${im}/imgui_tables.cpp
  ${im}/imgui_widgets.cpp ${im}/backends/imgui_impl_glfw.cpp ${im}/backends/imgui_impl_opengl3.cpp
  ${im}/misc/cpp/imgui_stdlib.cpp)
target_include_directories(scanviz_imgui_web SYSTEM PUBLIC ${im} ${im}/backends ${im}/misc/cpp)
target_compile_definitions(scanviz_imgui_web PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_compile_options(scanviz_imgui_web PRIVATE -w)  # not our code

# stb's implementations (Debian's libstb.so is a host library): one file of our own.
add_library(scanviz_stb_web STATIC web/stb_impl.cpp)
target_include_directories(scanviz_stb_web SYSTEM PUBLIC ${SCANVIZ_HOST_HEADERS}/stb)
target_compile_options(scanviz_stb_web PRIVATE -w)

add_executable(scanviz_web ${SCANVIZ_UI_SOURCES} platform_web.cpp platform_web_downloads.cpp
  platform_web_class.cpp  # the classroom (issue #34)
  ${SCANVIZ_SHADER_HEADER})
target_include_directories(scanviz_web PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}
  ${CMAKE_CURRENT_BINARY_DIR}/generated)
target_compile_definitions(scanviz_web PRIVATE SCANVIZ_BUILD_DIR="")
target_link_libraries(scanviz_web PRIVATE scanviz_app_state scanviz_teach scanviz_export scanviz_qr
  scanviz_scene scanviz_backend scanviz_core scanviz_imgui_web scanviz_stb_web)
set_target_properties(scanviz_web PROPERTIES OUTPUT_NAME index SUFFIX ".js")
# Screen readers (issue #34, part 3): the page's live region and Text view.
target_sources(scanviz_web PRIVATE platform_web_a11y.cpp)

# The data file: the fonts where fonts.cpp looks, and the data dir (data_dir.h, found through
# SCANVIZ_DATA_DIR=/share/scanviz, set by index.html) with the H200-recorded traces of docs/.
set(fonts /usr/share/fonts/truetype/dejavu)
set(data /share/scanviz)
set(root ${PROJECT_SOURCE_DIR})
set(SCANVIZ_WEB_FILES
  "${fonts}/DejaVuSans.ttf@${fonts}/DejaVuSans.ttf"
  "${fonts}/DejaVuSansMono.ttf@${fonts}/DejaVuSansMono.ttf"
  "${root}/assets/presets.json@${data}/presets.json"
  "${root}/assets/quizzes@${data}/quizzes"
  "${root}/assets/labs@${data}/labs"
  "${root}/assets/icons@${data}/icons"
  "${root}/docs/bench/h200.json@${data}/bench/h200.json"
  "${PROJECT_BINARY_DIR}/share/scanviz/traces@${data}/traces")  # assets/CMakeLists.txt's links
# The bench across GPUs' results (issue #36), beside h200.json where the chart looks for them.
file(GLOB SCANVIZ_MULTI_GPU_BENCH CONFIGURE_DEPENDS ${root}/docs/bench/multi-gpu-*.json)
foreach(file ${SCANVIZ_MULTI_GPU_BENCH})
  get_filename_component(name ${file} NAME)
  list(APPEND SCANVIZ_WEB_FILES "${file}@${data}/bench/${name}")
endforeach()
set(preload "")
foreach(f ${SCANVIZ_WEB_FILES})
  list(APPEND preload "SHELL:--preload-file ${f}")
endforeach()
target_link_options(scanviz_web PRIVATE
  "-sUSE_GLFW=3" "-sMIN_WEBGL_VERSION=2" "-sMAX_WEBGL_VERSION=2" "-sALLOW_MEMORY_GROWTH=1"
  "-sEXPORTED_FUNCTIONS=_main,_malloc,_free" "-sEXPORTED_RUNTIME_METHODS=ccall,ENV"
  "-sFORCE_FILESYSTEM=1" "-lidbfs.js" "SHELL:--exclude-file *.txt" ${preload})
