package dev.isola.appserver.ejb;

import jakarta.ejb.TransactionManagementType;

import java.util.List;

/**
 * An enterprise bean as deployed: annotations and descriptor merged, classes loaded.
 *
 * @param name   the ejb-name (the portable JNDI names use it)
 * @param module the EJB module's name
 */
public record BeanDefinition(String name, String module, Class<?> beanClass, BeanKind kind, List<View> views,
                             TransactionManagementType transactionManagement, EjbJarXml descriptor) {

    public BeanDefinition {
        views = List.copyOf(views);
    }

    public boolean beanManagedTransactions() {
        return transactionManagement == TransactionManagementType.BEAN;
    }

    public String describe() {
        return kind.label() + " bean " + name + " (" + beanClass.getName() + ")";
    }
}
