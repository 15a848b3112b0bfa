#include <libsoup/soup.h>
#include <glib-unix.h>
#include <malloc.h>
