package dev.isola.appserver.testapps.tasks;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.transaction.TransactionSynchronizationRegistry;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.util.concurrent.ExecutionException;

/** A bean that hands work to its application's default managed executor. */
@Stateless
public class TasksBean {
    @Resource
    private ManagedExecutorService executor;

    @Resource
    private TransactionSynchronizationRegistry transactions;

    public String hello() {
        return "hello from the bean";
    }

    /** What a task submitted from inside this bean's transaction sees: the bean's module, its loader, no transaction. */
    public String inTask() throws ExecutionException, InterruptedException {
        ClassLoader beanLoader = Thread.currentThread().getContextClassLoader();
        int mine = transactions.getTransactionStatus();
        return executor.submit(() -> {
            TransactionSynchronizationRegistry registry = (TransactionSynchronizationRegistry) lookup("java:comp/TransactionSynchronizationRegistry");
            return "module " + lookup("java:module/ModuleName") + ", bean's loader " + (Thread.currentThread().getContextClassLoader() == beanLoader)
                    + ", bean's transaction status " + mine + ", task's " + registry.getTransactionStatus();
        }).get();
    }

    static Object lookup(String name) throws NamingException {
        return new InitialContext().lookup(name);
    }
}
