// zxb_read in a forked child, its results sent back through a pipe.
#include "zxing_bridge.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

bool writeAll(int fd, const void *data, size_t size) {
    auto *p = static_cast<const char *>(data);
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

// Each result as fixed fields followed by its text and bytes.
struct Header {
    uint32_t format;
    uint64_t text_length;
    uint64_t bytes_length;
    uint8_t has_eci;
    int32_t content_type;
    char symbology_identifier[8];
    char ec_level[8];
    zxb_point corners[4];
    int32_t orientation;
    uint8_t is_mirrored;
};

[[noreturn]] void runChild(int fd, const uint8_t *data, int width, int height, int stride, const zxb_options *options) {
    zxb_results *results = zxb_read(data, width, height, stride, options);
    bool ok = results != nullptr;
    const char *error = results ? results->error : "out of memory";
    uint64_t errorLength = error ? std::strlen(error) : 0;
    uint64_t count = results && !error ? results->count : 0;
    ok = writeAll(fd, &errorLength, sizeof errorLength) && writeAll(fd, error ? error : "", errorLength)
        && writeAll(fd, &count, sizeof count);
    for (uint64_t i = 0; ok && i < count; ++i) {
        const zxb_result &r = results->results[i];
        Header h{};
        h.format = r.format;
        h.text_length = r.text_length;
        h.bytes_length = r.bytes_length;
        h.has_eci = r.has_eci;
        h.content_type = r.content_type;
        std::memcpy(h.symbology_identifier, r.symbology_identifier, sizeof h.symbology_identifier);
        std::memcpy(h.ec_level, r.ec_level, sizeof h.ec_level);
        std::memcpy(h.corners, r.corners, sizeof h.corners);
        h.orientation = r.orientation;
        h.is_mirrored = r.is_mirrored;
        ok = writeAll(fd, &h, sizeof h) && writeAll(fd, r.text, r.text_length) && writeAll(fd, r.bytes, r.bytes_length);
    }
    _exit(ok ? 0 : 1);  // no atexit handlers, no flushing of the parent's buffers
}

std::string readAll(int fd) {
    std::string data;
    char buffer[65536];
    for (;;) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        data.append(buffer, static_cast<size_t>(n));
    }
    return data;
}

zxb_results *failure(const std::string &message) {
    auto *results = static_cast<zxb_results *>(std::calloc(1, sizeof(zxb_results)));
    if (results) results->error = strdup(message.c_str());
    return results;
}

// Rebuilds the child's results; false when the data is cut short.
bool parse(const std::string &data, zxb_results *results) {
    size_t at = 0;
    auto take = [&](void *out, size_t size) {
        if (data.size() - at < size) return false;
        std::memcpy(out, data.data() + at, size);
        at += size;
        return true;
    };
    uint64_t errorLength = 0, count = 0;
    if (!take(&errorLength, sizeof errorLength) || data.size() - at < errorLength) return false;
    if (errorLength > 0) {
        results->error = strndup(data.data() + at, errorLength);
        return true;
    }
    if (!take(&count, sizeof count) || count > 4096) return false;
    results->results = static_cast<zxb_result *>(std::calloc(count ? count : 1, sizeof(zxb_result)));
    if (!results->results) return false;
    for (uint64_t i = 0; i < count; ++i) {
        Header h{};
        if (!take(&h, sizeof h) || data.size() - at < h.text_length + h.bytes_length) return false;
        zxb_result &r = results->results[results->count++];
        r.format = h.format;
        r.text = static_cast<char *>(std::malloc(h.text_length + 1));
        r.bytes = static_cast<uint8_t *>(std::malloc(h.bytes_length ? h.bytes_length : 1));
        if (!r.text || !r.bytes) return false;
        take(r.text, h.text_length);
        r.text[h.text_length] = 0;
        r.text_length = h.text_length;
        take(r.bytes, h.bytes_length);
        r.bytes_length = h.bytes_length;
        r.has_eci = h.has_eci;
        r.content_type = static_cast<zxb_content_type>(h.content_type);
        std::memcpy(r.symbology_identifier, h.symbology_identifier, sizeof h.symbology_identifier);
        std::memcpy(r.ec_level, h.ec_level, sizeof h.ec_level);
        std::memcpy(r.corners, h.corners, sizeof h.corners);
        r.orientation = h.orientation;
        r.is_mirrored = h.is_mirrored;
    }
    return true;
}

} // namespace

extern "C" zxb_results *zxb_read_isolated(const uint8_t *data, int width, int height, int stride, const zxb_options *options) {
    int fds[2];
    if (pipe(fds) != 0) return failure(std::string("cannot isolate zxing: pipe: ") + std::strerror(errno));
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return failure(std::string("cannot isolate zxing: fork: ") + std::strerror(errno));
    }
    if (child == 0) {
        close(fds[0]);
        // An abort here must end this child quietly: no crash reporter
        // inherited from the parent, no assertion text on the user's terminal.
        for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE}) std::signal(sig, SIG_DFL);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, STDERR_FILENO);
        runChild(fds[1], data, width, height, stride, options);
    }
    close(fds[1]);
    std::string reply = readAll(fds[0]);
    close(fds[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (WIFSIGNALED(status)) {
        return failure("zxing-cpp aborted on this image (signal " + std::to_string(WTERMSIG(status)) + "); its reading was discarded");
    }
    auto *results = static_cast<zxb_results *>(std::calloc(1, sizeof(zxb_results)));
    if (!results) return nullptr;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !parse(reply, results)) {
        zxb_results_free(results);
        return failure("zxing-cpp's isolated read returned no usable answer");
    }
    return results;
}
