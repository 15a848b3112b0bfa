#define _GNU_SOURCE
#include <sys/mman.h>

#include "pr_linux.h"

int pr_unnamed_file(const char *label) {
    return memfd_create(label, MFD_CLOEXEC);
}
