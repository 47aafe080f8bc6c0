<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="${item.productName} (${item.name})">
  <c:url var="categoryUrl" value="/category"><c:param name="id" value="${item.categoryId}"/></c:url>
  <c:url var="productUrl" value="/product"><c:param name="id" value="${item.productId}"/></c:url>
  <nav class="breadcrumbs" aria-label="Breadcrumbs"><a href="${ctx}/">Home</a> › <a href="${fn:escapeXml(categoryUrl)}"><c:out value="${item.categoryName}"/></a> › <a href="${fn:escapeXml(productUrl)}"><c:out value="${item.productName}"/></a> › <c:out value="${item.name}"/></nav>
  <div class="detail">
    <img src="${ctx}/static/img/${fn:escapeXml(item.image)}" alt="<c:out value='${item.productName}'/>" width="320" height="240">
    <div>
      <h1><c:out value="${item.productName}"/>: <c:out value="${item.name}"/></h1>
      <p class="lead"><c:out value="${item.description}"/></p>
      <p class="attributes"><c:forEach var="attribute" items="${item.attributes}"><span class="tag"><c:out value="${attribute}"/></span> </c:forEach></p>
      <p><span class="price">${ps:money(item.listPrice)}</span> · item <c:out value="${item.id}"/></p>
      <c:choose>
        <c:when test="${item.stock > 0}">
          <p class="stock">${item.stock} in stock</p>
          <form action="${ctx}/cart" method="post" class="add-form" novalidate>
            <input type="hidden" name="action" value="add">
            <input type="hidden" name="itemId" value="${fn:escapeXml(item.id)}">
            <t:input name="quantity" label="Quantity" value="${empty quantity ? '1' : quantity}" inputmode="numeric"/>
            <button type="submit">Add to cart</button>
          </form>
        </c:when>
        <c:otherwise><p class="stock sold-out">Sold out</p></c:otherwise>
      </c:choose>
    </div>
  </div>
</t:page>
