// glibc declares these only under _GNU_SOURCE, which would differ between
// modules, so they are declared here, as glibc has them.
#include <spawn.h>
int pipe2(int fds[2], int flags);
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
