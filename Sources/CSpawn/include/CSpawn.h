#ifndef SMOKERUN_CSPAWN_H
#define SMOKERUN_CSPAWN_H

#ifdef __linux__
#include <sys/types.h>

/// Starts `path` in a new process group whose death signal is SIGKILL (it dies with smokerun even
/// when smokerun is killed with SIGKILL), stdin from /dev/null, stdout to `output_file` (created or
/// truncated) or else to `output_fd`, stderr to `error_fd`; no other descriptor of this process reaches
/// it. Returns the pid, or -1 with `*failed_step` (1 open /dev/null, 2 redirect output,
/// 3 chdir, 4 exec, 5 pipe, 6 fork) and `*failed_errno` set.
pid_t smokerun_spawn(const char *path, char *const argv[], char *const envp[], const char *output_file,
                     int output_fd, int error_fd, const char *directory, int *failed_step, int *failed_errno);

/// `prctl(PR_SET_CHILD_SUBREAPER, 1)`: orphaned descendants are re-parented to this process instead of
/// init. 0 or -1 with errno.
int smokerun_become_subreaper(void);

/// `renameat2(from, to, RENAME_EXCHANGE)`: swaps two paths in one step (both must exist). 0 or -1 with errno
/// (EINVAL where the file system cannot).
int smokerun_exchange(const char *from, const char *to);

/// `pipe2(fds, O_CLOEXEC)`: both ends close-on-exec from the start. 0 or -1 with errno.
int smokerun_cloexec_pipe(int fds[2]);
#endif

#endif
