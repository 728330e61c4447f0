// The web build's stb implementations (the desktop links Debian's libstb): PNG reading for the
// window icons, PNG writing for the exports and screenshots.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
