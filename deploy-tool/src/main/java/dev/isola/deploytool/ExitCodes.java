package dev.isola.deploytool;

/**
 * The exit statuses of deploy-tool, so that scripts can tell what kind of failure they got.
 *
 * <pre>
 *   0  done
 *   1  declined: the question deploy-tool asked at the terminal was answered no, so nothing was done;
 *      or an unexpected local error (a bug, or an I/O error on this machine)
 *   2  usage: unknown command or option, a missing argument, an archive that does not exist
 *   3  authentication: the admin isolate refused the credentials (HTTP 401 or 403)
 *   4  refused: the admin isolate rejected the request (HTTP 4xx: bad archive, unknown or
 *      stopped domain, name or port taken, deployment error, ...)
 *   5  server error: the admin isolate failed to do what it was asked (HTTP 5xx)
 *   6  unreachable: no admin isolate answers at the URL (not started, wrong --url, timeout)
 *   7  check failed: what deploy-tool was asked to check was found at fault (ping-datasource: the
 *      database did not answer)
 * </pre>
 */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int INTERNAL = 1;
    /** The status of a command whose question was answered no: 1, as apt-get ends when its question is answered no. */
    public static final int DECLINED = 1;
    public static final int USAGE = 2;
    public static final int AUTHENTICATION = 3;
    public static final int REJECTED = 4;
    public static final int SERVER_ERROR = 5;
    public static final int UNREACHABLE = 6;
    public static final int CHECK_FAILED = 7;

    private ExitCodes() {
    }

    /** The exit status for an HTTP status the admin isolate answered with. */
    static int ofHttpStatus(int status) {
        if (status == 401 || status == 403) {
            return AUTHENTICATION;
        }
        if (status >= 500) {
            return SERVER_ERROR;
        }
        return REJECTED;
    }
}
