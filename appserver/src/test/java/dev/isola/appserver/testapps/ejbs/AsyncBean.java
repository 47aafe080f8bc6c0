package dev.isola.appserver.testapps.ejbs;

import jakarta.ejb.AsyncResult;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

@Stateless
public class AsyncBean {

    @Asynchronous
    public Future<String> where(long callerThreadId) {
        Thread t = Thread.currentThread();
        return new AsyncResult<>("virtual=" + t.isVirtual() + " otherThread=" + (t.threadId() != callerThreadId));
    }

    @Asynchronous
    public CompletableFuture<Integer> length(String s) {
        return CompletableFuture.completedFuture(s.length());
    }

    @Asynchronous
    public Future<String> fail() throws BoomException {
        throw new BoomException("boom");
    }
}
