package barb.gemini;

import okhttp3.Interceptor;
import okhttp3.Response;

import java.io.IOException;

/**
 * The SDK's ApiException has the status and the error body but not the response headers, so this OkHttp interceptor
 * (installed through ClientOptions.customHttpClient) remembers the Retry-After header of the last response. OkHttp runs
 * a synchronous call's interceptors on the calling thread, so a thread-local connects it to the attempt that failed.
 */
final class RetryAfterCapture implements Interceptor {
    private static final ThreadLocal<String> LAST = new ThreadLocal<>();

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        LAST.set(response.header("Retry-After"));
        return response;
    }

    static void clear() {
        LAST.remove();
    }

    /** The Retry-After header of this thread's last response, or null. */
    static String last() {
        return LAST.get();
    }
}
