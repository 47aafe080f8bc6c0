package dev.isola.admin.supervise;

import dev.isola.domains.DomainsRoot;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.isolate.IsolateRegistry;

import java.nio.file.Path;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What every {@link DomainRuntime} of one supervisor shares.
 *
 * @param image    the image every domain isolate starts from
 * @param mvmHome  the mvm home the isolates are registered in
 * @param registry that home's registry, to find isolates to re-adopt
 * @param policies   when isolates that ended unasked are restarted: the policy now, which the admin's settings may change
 * @param retentions how long ended isolates' run directories stay, how large an event journal grows: likewise
 * @param executor runs delayed restarts
 * @param root     the domains' directories and configurations (read again at each start: they may have been edited)
 * @param spares   the warmed-up isolates combined domains start in
 */
record SupervisorContext(Image image, Path mvmHome, IsolateRegistry registry, AtomicReference<RestartPolicy> policies,
                         AtomicReference<Retention> retentions, ScheduledExecutorService executor, DomainsRoot root, SparePool spares) {

    RestartPolicy policy() {
        return policies.get();
    }

    Retention retention() {
        return retentions.get();
    }
}
