<%@ tag pageEncoding="UTF-8" description="A product as a card linking to its page." %>
<%@ attribute name="product" required="true" type="dev.isola.petstore.catalog.Product" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<c:url var="productUrl" value="/product"><c:param name="id" value="${product.id}"/></c:url>
<li class="card">
  <a href="${fn:escapeXml(productUrl)}">
    <img src="${pageContext.request.contextPath}/static/img/${fn:escapeXml(product.image)}" alt="" width="160" height="120">
    <h3><c:out value="${product.name}"/></h3>
  </a>
  <p class="muted"><c:out value="${product.categoryName}"/></p>
  <p><c:out value="${product.description}"/></p>
</li>
