// Why C: after fork() in a threaded process the child may only make async-signal-safe calls until
// exec. Swift code there is not safe even when it looks like plain system calls: an unspecialized
// generic (array iteration in a debug build) asks the runtime for type metadata, and that can wait
// forever on a lock another thread held at the moment of the fork. This file is the whole child.
#ifdef __linux__
#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

int smokerun_cloexec_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int smokerun_exchange(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}

// prctl is variadic, which Swift cannot call.
int smokerun_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

static void fail_in_child(int report, int step) {
    int code[2] = {step, errno};
    ssize_t ignored = write(report, code, sizeof code);
    (void)ignored;
    _exit(127);
}

// Every descriptor from 3 up closes at exec. Foundation and SQLite open files without close-on-exec, and
// a fork on another thread copies them: a child that kept one would hold smokerun's files (a lock, the
// history) for as long as it runs, and a script another thread was writing could not run ("Text file
// busy"). Kernels before 5.11 have no CLOSE_RANGE_CLOEXEC: then each descriptor up to the limit.
static void close_inherited_on_exec(void) {
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
    struct rlimit limit;
    rlim_t last = 65536;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < last) last = limit.rlim_cur;
    for (int descriptor = 3; descriptor < (int)last; descriptor++) fcntl(descriptor, F_SETFD, FD_CLOEXEC);
}

static void run_child(pid_t parent, int report, const char *path, char *const argv[], char *const envp[],
                      const char *output_file, int output_fd, int error_fd, const char *directory) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    // smokerun may have died between fork and prctl: then nobody would send the signal.
    if (getppid() != parent) _exit(127);
    // Children must not inherit smokerun's own signal handling or mask.
    struct sigaction default_action = {0};
    default_action.sa_handler = SIG_DFL;
    sigaction(SIGINT, &default_action, NULL);
    sigaction(SIGTERM, &default_action, NULL);
    sigaction(SIGHUP, &default_action, NULL);
    sigaction(SIGPIPE, &default_action, NULL);
    sigset_t empty;
    sigemptyset(&empty);
    pthread_sigmask(SIG_SETMASK, &empty, NULL);

    int input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input < 0 || dup2(input, 0) < 0) fail_in_child(report, 1);
    if (output_file) {
        int output = open(output_file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (output < 0 || dup2(output, 1) < 0) fail_in_child(report, 2);
    } else if (dup2(output_fd, 1) < 0) {
        fail_in_child(report, 2);
    }
    if (dup2(error_fd, 2) < 0) fail_in_child(report, 2);
    // Every descriptor here was opened close-on-exec; dup2 onto 0-2 clears the flag, except when the
    // source already was that number (smokerun started with a standard stream closed).
    for (int standard = 0; standard <= 2; standard++) fcntl(standard, F_SETFD, 0);
    close_inherited_on_exec();
    if (directory && chdir(directory) != 0) fail_in_child(report, 3);
    execve(path, argv, envp);
    fail_in_child(report, 4);
}

pid_t smokerun_spawn(const char *path, char *const argv[], char *const envp[], const char *output_file,
                     int output_fd, int error_fd, const char *directory, int *failed_step, int *failed_errno) {
    // Reports the child's failing step and errno; close-on-exec closes it when exec succeeds.
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *failed_step = 5;
        *failed_errno = errno;
        return -1;
    }
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        *failed_step = 6;
        *failed_errno = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    if (pid == 0) {
        run_child(parent, report[1], path, argv, envp, output_file, output_fd, error_fd, directory);
    }
    close(report[1]);
    int code[2] = {0, 0};
    ssize_t count;
    do {
        count = read(report[0], code, sizeof code);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count > 0) {
        int status;
        while (waitpid(pid, &status, 0) == -1 && errno == EINTR) {
        }
        *failed_step = code[0];
        *failed_errno = code[1];
        return -1;
    }
    return pid;
}
#endif
