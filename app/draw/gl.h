// The OpenGL header, one line for the whole app: the desktop build loads OpenGL 3.3 core through
// glad (platform::LoadGl); the web build links WebGL 2 directly through emscripten's GLES 3.0
// header, with no loader. Include it before GLFW, so GLFW does not pull in a system GL header.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
