#ifndef PR_LINUX_H
#define PR_LINUX_H

/* glibc's malloc tuning (mallopt, M_ARENA_MAX), which Swift's Glibc module leaves out. */
#include <malloc.h>

/* Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module is
   built without: memfd_create is not visible from Swift, so this function makes the call. */

/* A new file with no name in any directory, in memory (memfd_create with MFD_CLOEXEC):
   its descriptor, or -1 with errno set. `label` only names it in /proc/self/fd. */
int pr_unnamed_file(const char *label);

#endif
